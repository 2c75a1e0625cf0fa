/** The visitor's and the artist's journeys in WebKit, Safari's engine (Debian's WebKitGTK driver). */
import { describeEngineJourneys } from './engines/journeys.ts';

describeEngineJourneys('webkit');

/** The visitor's and the artist's journeys in Firefox (Debian's firefox-esr, over WebDriver BiDi). */
import { describeEngineJourneys } from './engines/journeys.ts';

describeEngineJourneys('firefox');

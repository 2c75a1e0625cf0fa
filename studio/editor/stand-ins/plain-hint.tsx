/**
 * Stands in for react-markdown under Decap's field hints. The studio writes every hint itself,
 * as plain sentences: drawn as text they read the same, without a Markdown parser on the phone.
 */
import type { ReactNode } from 'react';

export default function PlainHint({ children }: { children?: ReactNode }): ReactNode {
  return children;
}

import { Fragment } from 'react';

/**
 * Text that may wrap only at sensible points when its column is narrow: after the @ of an email address
 * (`ada.lovelace@example.com` → `ada.lovelace@` `example.com`), after a hyphen, slash or underscore.
 * Line-break opportunities (<wbr>) set where a long value goes to the next line, so a table column sizes
 * to its longest piece instead of cutting the address mid-word.
 */
export function Breakable({ text }: { text: string }) {
  const pieces = text.split(/(?<=[@\-/_])/);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}

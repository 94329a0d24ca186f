// A booking reference inside a sentence, set so that zero and the letter O cannot be mixed up
// ("MWYL80OY"): the text face (Inter) whatever the heading's, tabular figures and a slashed zero
// (the .booking-ref rule in global-base.css). The reference format itself is unchanged.
export function WithReference({ text, reference }: { text: string; reference: string }) {
  const at = reference ? text.lastIndexOf(reference) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span className="booking-ref">{reference}</span>
      {text.slice(at + reference.length)}
    </>
  );
}

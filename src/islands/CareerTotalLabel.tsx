/**
 * A career row's label in the profile's career tables (the box-score island and the rates table, which Astro
 * renders without JavaScript): its first word ("Career", "Playoffs"), then the seasons it covers and any note in
 * smaller type below ("(2003-04 to 2022-23)", "2013-14 to 2022-23 (earlier playoffs are not in the data)"). The
 * text is the label unchanged (src/lib/views/careerTables.ts careerTotalLabel); a season never breaks at its hyphen.
 */
export default function CareerTotalLabel({ label }: { label: string }) {
  const head = label.split(' ')[0]!;
  return (
    <>
      {head}
      <span className="career-total-seasons">
        {label
          .slice(head.length)
          .split(/(\d{4}-\d{2})/)
          .map((part, i) =>
            i % 2 === 1 ? (
              <span key={i} className="career-season">
                {part}
              </span>
            ) : (
              part
            ),
          )}
      </span>
    </>
  );
}

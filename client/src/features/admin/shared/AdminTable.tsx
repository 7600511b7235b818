import type { ReactNode } from 'react';

/**
 * An admin list as a table: a keyboard-focusable scroll region named by the caption (so a wide
 * table can be scrolled without a mouse), a caption for screen readers and one header cell a column.
 */
export function AdminTable({
  caption,
  columns,
  classes,
  children,
}: {
  caption: string;
  columns: string[];
  /** The scroll region's and the table's class names. */
  classes: { wrap: string; table: string };
  /** The table's rows. */
  children: ReactNode;
}) {
  return (
    <div className={classes.wrap} role="region" aria-label={caption} tabIndex={0}>
      <table className={classes.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

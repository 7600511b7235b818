/** An upload's progress, from 0 to 100 percent, as a bar that assistive technology reads out. */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span className="progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}

import { Icon } from "./icon";

/** A careers position's facts in one line: department (on the list), location and type. */
export function PositionFacts({
  position,
  withDepartment = false,
  className = "",
}: {
  position: { department: string; location: string; type: string };
  withDepartment?: boolean;
  className?: string;
}) {
  return (
    <p className={`flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 ${className}`}>
      {withDepartment ? (
        <span className="inline-flex items-center gap-1.5">
          <Icon name="briefcase" className="size-4" /> {position.department}
        </span>
      ) : null}
      <span className="inline-flex items-center gap-1.5">
        <Icon name="mapPin" className="size-4" /> {position.location}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Icon name="clock" className="size-4" /> {position.type}
      </span>
    </p>
  );
}

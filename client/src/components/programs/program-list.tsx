import type { Program } from '@contracts/api/entities';
import { COMMON_TEXT } from '@/config/texts';
import { programTypeLabel } from '@/lib/programs';

export interface ProgramListProps {
  programs: readonly Program[];
  /** True when a search hides every program. */
  filtered: boolean;
  label: string;
}

/** The schemes (programs) a site can be built for: name, type, abbreviation and id. */
export function ProgramList({ programs, filtered, label }: ProgramListProps) {
  if (programs.length === 0) {
    return (
      <p className="text-body-secondary py-3">
        {filtered ? COMMON_TEXT.noMatches : COMMON_TEXT.noPrograms}
      </p>
    );
  }
  return (
    <ul className="list-group program-list" aria-label={label}>
      {programs.map((program) => (
        <li
          key={program.programId}
          className="list-group-item d-flex justify-content-between align-items-center gap-3"
        >
          <span>
            <span className="fw-semibold">{program.name}</span>
            {program.abbreviation ? (
              <span className="text-body-secondary"> ({program.abbreviation})</span>
            ) : null}
          </span>
          <span className="small text-body-secondary text-nowrap">
            {programTypeLabel(program.programTypeId)} · ID {program.programId}
          </span>
        </li>
      ))}
    </ul>
  );
}

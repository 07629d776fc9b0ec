import { PROGRAM_TYPE } from '@contracts/api/constants';
import type { Program } from '@contracts/api/entities';

/** Anything that is not gift is treated as loyalty (01 §1). */
export const isGiftProgram = (programTypeId: number): boolean =>
  programTypeId === PROGRAM_TYPE.GIFT;

export const programTypeLabel = (programTypeId: number): 'Gift' | 'Loyalty' =>
  isGiftProgram(programTypeId) ? 'Gift' : 'Loyalty';

/** Case-insensitive "name contains" filter of the dashboards' search boxes. */
export function filterProgramsByName(programs: readonly Program[], query: string): Program[] {
  const needle = query.trim().toLowerCase();
  return needle
    ? programs.filter((program) => program.name.toLowerCase().includes(needle))
    : [...programs];
}

import type { Program } from '@contracts/api/entities';

/** A program's name by id, or a stand-in when the program list lacks it. */
export function programNameOf(programs: readonly Program[] | undefined, programId: number): string {
  return programs?.find((p) => p.programId === programId)?.name ?? `Program ${programId}`;
}

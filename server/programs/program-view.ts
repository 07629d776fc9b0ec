/** `/programs` is a view of the one program store (spec README): scheme fields → Program. */
import type { Program } from '@contracts/api/entities';
import type { DeepReadonly, ProgramRecord } from '../db/schema';

export function toProgram(record: DeepReadonly<ProgramRecord>): Program {
  return {
    programId: record.programId,
    programTypeId: record.programTypeId,
    name: record.schemeName,
    shortName: record.schemeShortName,
    abbreviation: record.schemeAbbreviation,
    clientId: record.clientId,
  };
}

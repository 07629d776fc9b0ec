import { PROGRAM_TYPE } from '@contracts/api/constants';
import type { Program } from '@contracts/api/entities';

/** Anything that is not gift is treated as loyalty (01 §1). */
export const isGiftProgram = (programTypeId: number): boolean =>
  programTypeId === PROGRAM_TYPE.GIFT;

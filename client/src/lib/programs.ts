import { PROGRAM_TYPE } from '@contracts/api/constants';

/** Anything that is not gift is treated as loyalty (01 §1). */
export const isGiftProgram = (programTypeId: number): boolean =>
  programTypeId === PROGRAM_TYPE.GIFT;

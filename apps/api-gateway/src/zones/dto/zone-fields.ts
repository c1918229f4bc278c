/** Bounds shared by the zone DTOs (Designate's, see docs/api-behaviour.md). */
export const MAX_TTL = 2147483647;
export const MAX_DESCRIPTION_LENGTH = 160;
/** Masters of a SECONDARY zone, at most (ours: Designate sets none). */
export const MAX_MASTERS = 16;

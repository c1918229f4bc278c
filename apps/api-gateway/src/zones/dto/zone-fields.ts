/** Bounds shared by the zone DTOs (Designate's, see docs/api-behaviour.md). */
export const MAX_TTL = 2147483647;
export const MAX_DESCRIPTION_LENGTH = 160;
export const DEFAULT_ZONE_TTL = 3600;

/** An object with named fields (not null, not a list): what an answer or a stored value must be before its fields are read. */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

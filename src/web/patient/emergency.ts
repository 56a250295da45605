/** The emergency notice of a practice: its country's number, and its own words in English. */
export const emergencyOf = (p: { emergencyMessage: string; emergencyNumber: string } | null | undefined) =>
  p ? { emergencyMessage: p.emergencyMessage, emergencyNumber: p.emergencyNumber } : null;

/**
 * The emergency notice of a practice: its country's emergency number. The words are the web's own
 * (i18n `emergency.default`, per language), not the phone agent's "hang up and call" message.
 */
export const emergencyOf = (p: { emergencyNumber: string } | null | undefined) => (p ? { emergencyNumber: p.emergencyNumber } : null);

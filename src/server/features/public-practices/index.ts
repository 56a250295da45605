/**
 * A practice as the public pages, the portal and patient texts see it: settings, hours, phone,
 * emergency number.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { emergencyNumber, listPublicPractices, loadPublicPractice, loadPublicPracticeById, practiceHours, practicePhone, publicPracticeInfo, publicSettings, type PublicSettings } from './public-practices.service.js';

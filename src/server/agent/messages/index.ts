/** What the agent says: the catalog per language (en.ts, es.ts), say() and the spoken values that fill it. */
export { catalog, languageOf, parameterNames, say, type Language, type LanguageOf, type MessageKey, type PlainKey, type ParamsOf, type Phrase, type Value } from './say.js';
export { allDay, clinicianSaid, dateOfBirth, dayReference, hoursSpans, offeredTimes, patientKind, preferences, timeOfDay, visitReason, visitReasonList, visitTime, weekHours, when } from './spoken-values.js';

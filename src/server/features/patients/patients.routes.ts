import { PatientSearchParams, PatientSearchQuery, PatientSearchResult } from '../../../contracts/patients.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { searchPatients } from './patients.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Staff find a practice's patients (the single-call form's patient field). */
export const patientsRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/organizations/:id/patients', {
    config: { access: { capability: 'patients.read' } },
    schema: {
      tags: ['patients'],
      summary: "Find the organization's patients by the start of a name, phone digits or date of birth (each patient shown is an audited view of health information)",
      params: PatientSearchParams,
      querystring: PatientSearchQuery,
      response: { 200: PatientSearchResult, ...errors },
    },
    handler: async (request) => searchPatients(ctx, actorOf(request), request.params.id, request.query),
  });
};

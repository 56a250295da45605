import { CampaignCreatedFromCsv, CampaignIdParams, CampaignImportSummary, CreateCampaignFromCsvBody, ImportPreview, ImportPreviewBody, ImportPreviewQuery, RejectedRowsCsv } from '../../../contracts/outbound-import.js';
import { decodeCsvBytes, MAX_CSV_REQUEST_BYTES } from '../../../domain/outbound/csv-text.js';
import { invalid } from '../../http/errors.js';
import { ErrorResponse, type FeatureRoutes, type ZodApp } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { campaignImportSummary, createCampaignFromCsv, previewImport, rejectedRowsCsv } from './outbound-import.service.js';

const read = { capability: 'outbound.campaigns.read' } as const;
const manage = { capability: 'outbound.campaigns' } as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse };
const tags = ['outbound'];

/** Campaigns from a CSV file (issue 16 §3): preview, create, the refused rows. */
export const outboundImportRoutes: FeatureRoutes = async (app, ctx) => {
  // The preview also takes the file itself as the body (`text/csv`, organization in the query), for
  // clients that send a file rather than JSON; a parser in this scope only, so no other route does.
  await app.register(async (scoped: ZodApp) => {
    scoped.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: MAX_CSV_REQUEST_BYTES }, (request, body, done) => {
      const decoded = decodeCsvBytes(new Uint8Array(body as Buffer));
      if (!decoded.ok) return done(invalid({ csv: decoded.error.message }, decoded.error.message));
      const { organizationId } = (request.query ?? {}) as { organizationId?: unknown };
      done(null, { organizationId, csv: decoded.text });
    });
    scoped.post('/api/outbound/imports/preview', {
      config: { access: manage },
      bodyLimit: MAX_CSV_REQUEST_BYTES,
      schema: {
        tags,
        summary:
          'What a CSV of contacts (up to 10 MB, 50,000 rows) would give: headers, suggested mapping, counts, the first rows and the refused rows with a reason each; saves nothing. JSON `{ organizationId, csv, mapping? }`, or the file itself as `text/csv` with `?organizationId=` (the suggested mapping)',
        querystring: ImportPreviewQuery,
        body: ImportPreviewBody,
        response: { 200: ImportPreview, ...errors },
      },
      handler: async (request) => previewImport(ctx, actorOf(request), request.body),
    });
  });

  app.post('/api/outbound/imports', {
    config: { access: manage },
    bodyLimit: MAX_CSV_REQUEST_BYTES,
    schema: {
      tags,
      summary: 'Create a campaign from a CSV: the file is read again, the valid contacts become its calls and the campaign is created with them in one transaction; refused rows are kept for GET …/rejected.csv',
      body: CreateCampaignFromCsvBody,
      response: { 201: CampaignCreatedFromCsv, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createCampaignFromCsv(ctx, actorOf(request), request.body)),
  });

  app.get('/api/outbound/campaigns/:id/import', {
    config: { access: read },
    schema: { tags, summary: 'The CSV file a campaign was created from: counts of rows imported and refused', params: CampaignIdParams, response: { 200: CampaignImportSummary, ...errors } },
    handler: async (request) => campaignImportSummary(ctx, actorOf(request), request.params.id),
  });

  app.get('/api/outbound/campaigns/:id/rejected.csv', {
    config: { access: read },
    schema: { tags, summary: 'The refused rows as CSV, each with its row number and reason (formula cells neutralised)', params: CampaignIdParams, response: { 200: RejectedRowsCsv, ...errors } },
    handler: async (request, reply) => {
      const { fileName, csv } = await rejectedRowsCsv(ctx, actorOf(request), request.params.id);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
    },
  });
};

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignCreatedFromCsv, CreateCampaignFromCsvBody, ImportPreview, ImportPreviewBody } from '@contracts/outbound-import';
import { ApiError, apiFetch, type ApiErrorCode } from '@web/lib/api';
import { campaignsQueryKey } from './campaigns';

/** `POST /api/outbound/imports/preview` — what the file gives, row by row; saves nothing. */
export const previewImport = (body: ImportPreviewBody) => apiFetch<ImportPreview>('/api/outbound/imports/preview', { method: 'POST', body });
export const usePreviewImport = () => useMutation({ mutationFn: previewImport });

/**
 * `POST /api/outbound/imports` through XMLHttpRequest, the one browser API that reports upload
 * progress: a 10 MB file takes a visible moment to send, then the server imports it at once.
 */
export function createCampaignFromCsv(body: CreateCampaignFromCsvBody, onProgress: (sentFraction: number) => void): Promise<CampaignCreatedFromCsv> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/outbound/imports');
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        /* not the API's answer */
      }
      if (xhr.status === 201) return resolve(json as CampaignCreatedFromCsv);
      const envelope = (json as { error?: { code?: ApiErrorCode; message?: string; fields?: Record<string, string>; digest?: string } } | null)?.error;
      reject(
        new ApiError({
          status: xhr.status,
          code: envelope?.code ?? (xhr.status >= 500 ? 'network_error' : 'validation_failed'),
          message: envelope?.message ?? 'The campaign could not be created. Try again in a moment.',
          fields: envelope?.fields,
          digest: envelope?.digest,
        }),
      );
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'network_error', message: 'Switchboard could not be reached. Try again in a moment.' }));
    xhr.send(JSON.stringify(body));
  });
}

export function useCreateCampaignFromCsv(onProgress: (sentFraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCampaignFromCsvBody) => createCampaignFromCsv(body, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
  });
}

import { useCallback } from 'react';
import { GENERIC_ERROR } from '../messages';
import { useToast } from '../toast';
import { uploadImages } from './api';
import { imageProblem } from './images';
import { useUploaded } from '../storage-usage';

/**
 * The markdown editor's image upload (POST /postdata/media): the image's URL, or null after a
 * toast saying what went wrong (its type or size, the server's reason, or the generic error).
 */
export function useImageUpload(): (file: File) => Promise<string | null> {
  const toast = useToast();
  const uploaded = useUploaded();
  return useCallback(
    async (file: File): Promise<string | null> => {
      const problem = imageProblem(file);
      if (problem !== null) {
        toast(problem, 'error');
        return null;
      }
      const answer = await uploadImages([file]);
      const result = answer.ok ? answer.data[0] : undefined;
      if (result === undefined || !result.ok || result.fileUrl === null) {
        // Status 0: the server's reason when it gives one (a bad file, a storage quota), else the spec's words for a failed upload.
        const reason = result?.message ?? (!answer.ok && [400, 413, 507].includes(answer.status) ? answer.problem.message : undefined);
        toast(reason ?? GENERIC_ERROR, 'error');
        return null;
      }
      uploaded(answer.ok ? answer.position : null);
      return result.fileUrl;
    },
    [toast, uploaded],
  );
}

import { GALLERY_MESSAGES, type TImageRecord } from "@backdrop/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { deleteImageRecord, galleryQueryKey } from "../api.ts";

/**
 * Deletes one record: its images leave the gallery at once, and come back with a toast saying
 * why when the server refuses (a job still running, say) or cannot be reached.
 */
export function useDeleteRecord(uid: string) {
  const queryClient = useQueryClient();
  const key = galleryQueryKey(uid);
  return useMutation({
    mutationFn: (recordId: string) => deleteImageRecord(recordId),
    onMutate: async (recordId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TImageRecord[]>(key);
      queryClient.setQueryData<TImageRecord[]>(key, (records) =>
        records?.filter((record) => record._id !== recordId),
      );
      return { previous };
    },
    onError: (error, _recordId, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notifyError(error.message || GALLERY_MESSAGES.deleteFailed);
    },
    onSuccess: () => notifySuccess(GALLERY_MESSAGES.deleted),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

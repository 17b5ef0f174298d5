import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { fetchImageRecords, galleryQueryKey } from "../api.ts";
import { galleryImages } from "../gallery-images.ts";

/** The signed-in user's image records, split into the gallery's tabs. */
export function useGallery(uid: string) {
  const query = useQuery({
    queryKey: galleryQueryKey(uid),
    queryFn: () => fetchImageRecords(uid),
  });
  const images = useMemo(() => (query.data ? galleryImages(query.data) : null), [query.data]);
  return { query, images };
}

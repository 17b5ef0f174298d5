import { downloadImage } from "../../../lib/download-result.ts";
import type { Batch } from "../hooks/use-batch.ts";
import { BatchTile } from "./batch-tile.tsx";
import { TileStatus } from "./tile-status.tsx";

/** The batch's photos, each with its own progress once started. */
export function BatchGrid({ batch }: { batch: Batch }) {
  const { photos, runs, started } = batch;
  return (
    <ul
      aria-label="Photos in this batch"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
    >
      {photos.map((photo) => {
        const run = runs[photo.id];
        return (
          <BatchTile
            key={photo.id}
            photo={photo}
            run={run}
            onRemove={started ? undefined : () => batch.removePhoto(photo.id)}
          >
            {run && (
              <TileStatus
                photo={photo}
                run={run}
                method={batch.method}
                onDownload={(url) =>
                  void downloadImage({
                    url,
                    name: { photoName: photo.file.name, prompt: batch.prompt },
                  })
                }
                onRetry={() => batch.retry([photo])}
              />
            )}
          </BatchTile>
        );
      })}
    </ul>
  );
}

import type { PhotoHostKind } from './photo-host-change';
import { S3KeyFields } from '../settings/S3CredentialsFields';

/** The fields of an S3-compatible bucket or of a folder a web server publishes. */
export function PhotoHostFields({ kind }: { readonly kind: PhotoHostKind }) {
  if (kind === 'published')
    return (
      <>
        <label>
          Local folder
          <input name="publishedRoot" />
        </label>
        <label>
          Its web address
          <input name="publishedUrl" type="url" placeholder="https://" />
        </label>
      </>
    );
  return (
    <>
      <label>
        Endpoint (leave empty for AWS)
        <input name="s3Endpoint" type="url" placeholder="https://" />
      </label>
      <label>
        Region
        <input name="s3Region" />
      </label>
      <label>
        Bucket
        <input name="s3Bucket" />
      </label>
      <label>
        Key prefix (optional)
        <input name="s3Prefix" />
      </label>
      <label className="inline">
        <input name="s3PathStyle" type="checkbox" /> Path-style addresses (MinIO and most
        self-hosted stores)
      </label>
      <S3KeyFields hasKeys={false} />
    </>
  );
}

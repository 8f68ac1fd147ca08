import type { PhotoHostKind } from './photo-host-change';
import { S3KeyFields } from '../settings/S3CredentialsFields';
import { useT } from '../../i18n/use-t';

/** What an address field shows before anything is typed: not words, the scheme. */
const ADDRESS_PLACEHOLDER = 'https://';

/** The fields of an S3-compatible bucket or of a folder a web server publishes. */
export function PhotoHostFields({ kind }: { readonly kind: PhotoHostKind }) {
  const t = useT();
  if (kind === 'published')
    return (
      <>
        <label>
          {t('firstRun.photos.field.publishedRoot')}
          <input name="publishedRoot" />
        </label>
        <label>
          {t('firstRun.photos.field.publishedUrl')}
          <input name="publishedUrl" type="url" placeholder={ADDRESS_PLACEHOLDER} />
        </label>
      </>
    );
  return (
    <>
      <label>
        {t('firstRun.photos.field.s3Endpoint')}
        <input name="s3Endpoint" type="url" placeholder={ADDRESS_PLACEHOLDER} />
      </label>
      <label>
        {t('firstRun.photos.field.s3Region')}
        <input name="s3Region" />
      </label>
      <label>
        {t('firstRun.photos.field.s3Bucket')}
        <input name="s3Bucket" />
      </label>
      <label>
        {t('firstRun.photos.field.s3Prefix')}
        <input name="s3Prefix" />
      </label>
      <label className="inline">
        <input name="s3PathStyle" type="checkbox" /> {t('firstRun.photos.field.s3PathStyle')}
      </label>
      <S3KeyFields hasKeys={false} />
    </>
  );
}

import { describe, expect, it } from 'vitest';
import { deepLinkRouter } from '../../../../main/desktop/deep-link-routing';

const SCHEME = 'com.photouploader.app';
const LINK = `${SCHEME}:/oauth/callback?code=c&state=s`;

/** A router whose focus and deliveries the test records in order. */
function router() {
  const heard: string[] = [];
  const routes = deepLinkRouter(SCHEME, () => heard.push('focus'));
  return { heard, routes };
}

describe('links that arrive while the app runs', () => {
  it('shows the window for a link opened on macOS (open-url), as for a second launch', () => {
    const { heard, routes } = router();
    routes.deliverTo((url) => heard.push(url));
    routes.openUrl(LINK);
    expect(heard).toEqual(['focus', LINK]);
  });

  it('shows the window for a second launch, and hands on the link its argv carries', () => {
    const { heard, routes } = router();
    routes.deliverTo((url) => heard.push(url));
    routes.secondInstance(['/opt/Photo Uploader/photo-uploader', '--flag']);
    routes.secondInstance(['/opt/Photo Uploader/photo-uploader', LINK]);
    expect(heard).toEqual(['focus', 'focus', LINK]);
  });

  it('keeps the links that come before the core is ready, in order', () => {
    const { heard, routes } = router();
    routes.firstLaunch(['electron', '.', `${LINK}&n=1`]);
    routes.openUrl(`${LINK}&n=2`);
    const delivered: string[] = [];
    routes.deliverTo((url) => delivered.push(url));
    expect(delivered).toEqual([`${LINK}&n=1`, `${LINK}&n=2`]);
    expect(heard).toEqual(['focus']);
  });

  it('does not focus on the first launch, which opens its window anyway', () => {
    const { heard, routes } = router();
    routes.firstLaunch(['electron', '.']);
    expect(heard).toEqual([]);
  });
});

/**
 * Settings › Help: where the logs and diagnostics are. Both live in the app's Help menu: the
 * window never names a path on this computer.
 */
export function HelpSection() {
  return (
    <>
      <p>
        <strong>Logs:</strong> Help › Open logs folder, in the menu bar, shows the files Photo
        Uploader writes about what it did (without passwords, keys or photo positions).
      </p>
      <p>
        <strong>Diagnostics for support:</strong> Help › Save diagnostics… writes one file with the
        logs (secrets removed), the versions, the settings without secrets and the queue’s counts.
        Send it to whoever helps you.
      </p>
      <p>
        <strong>Versions:</strong> Help › About Photo Uploader (on a Mac: Photo Uploader › About
        Photo Uploader) shows the version of the app; the diagnostics file has every version.
      </p>
    </>
  );
}

import type { Logger } from '../logging/logger';
import { FilePolicySource } from './file-policy-source';
import { NativePolicySource } from './native-policy-source';
import { type PolicySource, type PolicySourceChoice, policySourceFor } from './policy-source';

/** The reader `choice` names (see `policySourceFor`). */
export function openPolicySource(choice: PolicySourceChoice, logger: Logger): PolicySource {
  switch (choice.kind) {
    case 'file':
      return new FilePolicySource(choice.path);
    case 'registry':
      return new NativePolicySource(
        `HKLM\\${choice.key} (or HKCU\\${choice.key})`,
        { productName: 'PhotoUploader', registryPath: choice.key },
        logger,
      );
    case 'managed-preferences':
      return new NativePolicySource(
        `the managed preferences of ${choice.domain}`,
        { productName: choice.domain },
        logger,
      );
  }
}

/**
 * This system's policy reader, for a composition root (the app, the command line, the bridge
 * host of the end-to-end tests): `policySourceFor`'s choice, opened.
 */
export function systemPolicySource(place: {
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
  readonly packaged: boolean;
  readonly logger: Logger;
}): PolicySource {
  return openPolicySource(policySourceFor(place), place.logger);
}

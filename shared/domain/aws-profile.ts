import { z } from 'zod';

/**
 * The name of a profile in the AWS `config` and `credentials` files (`[profile office]`,
 * `[office]`) from which an S3 photo host takes its credentials. Letters, digits and `._+@-`, as
 * the AWS CLI's own profile names use: a name with spaces, brackets or quotation marks could not
 * be written as a section of those files, and could read as words of its own in a question.
 */
export const awsProfileNameSchema = z.string().regex(/^[A-Za-z0-9._+@-]{1,64}$/, {
  message:
    'An AWS profile name is 1 to 64 letters, digits, dots, underscores, plus signs, at signs and hyphens.',
});

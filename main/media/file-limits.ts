/**
 * The largest photo file the uploader takes in or uploads, unless the `maxFileBytes` setting says
 * otherwise: 500 MiB. Larger files are refused with a reason; decoding one could exhaust memory.
 */
export const DEFAULT_MAX_FILE_BYTES = 500 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a uuid, in either case (a regular expression: it runs on the front door's path). */
export const isUuid = (value: string): boolean => UUID.test(value);

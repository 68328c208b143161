/**
 * A part of the site whose read model stopped on an event it could not apply, or is still catching
 * up with the log: what the log holds shows again once it is rebuilt (503 with this code). Free of
 * zod, so the apps can import it.
 */
export const BEING_REBUILT_MESSAGE = 'This part is being rebuilt. Please try again in a few minutes.';
export const BEING_REBUILT_CODE = 'being_rebuilt';

// The one response envelope every worker speaks (see docs/decisions/002-response-envelope.md).
export interface ApiSuccess<T> {
  success: true;
  data: T;
}
export interface ApiError {
  success: false;
  error: string;
}
export type ApiResult<T> = ApiSuccess<T> | ApiError;

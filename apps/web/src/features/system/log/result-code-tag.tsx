import Tag from 'antd/es/tag';

/** The envelope code a mutating request answered: 200 ok, 555 a refusal, 5xx a fault. */
export function ResultCodeTag({ code }: { code: number }) {
  const colour = code === 200 ? 'success' : code >= 500 && code !== 555 ? 'error' : 'warning';
  return <Tag color={colour}>{code}</Tag>;
}

/** The codes a console call can answer with (docs/api.md), for the result filter. */
export const RESULT_CODES = [200, 400, 401, 403, 404, 409, 429, 555, 500] as const;

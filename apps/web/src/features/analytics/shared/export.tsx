import { ExportButton } from '../../../components/export-button';
import { downloadExport, type ExportEndpoint } from '../../../lib/http';
import { usePermission } from '../../../lib/permission';

/** A query as the flat parameters a file download carries: nested fields as `key[field]`, lists as `key[0]`. */
export function flatParams(input: object, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'object') Object.assign(flat, flatParams(value as object, name));
    else flat[name] = String(value as string | number | boolean);
  }
  return flat;
}

export interface AnalyticsExportProps {
  endpoint: ExportEndpoint;
  /** The figures' query on screen: the file holds the same figures. */
  query: object;
  fileName: string;
}

/** The Excel export of the figures on screen, for those allowed to export them. */
export function AnalyticsExport({ endpoint, query, fileName }: AnalyticsExportProps) {
  const { hasPermi } = usePermission();
  if (!hasPermi(endpoint.access.permission)) return null;
  return <ExportButton endpoint={endpoint} params={flatParams(query)} fileName={fileName} download={downloadExport} />;
}

/** GET /api/v1/openapi.json — the OpenAPI 3.1 document of /api/v1 and the Etherscan actions (lib/openapi/document.ts). */
import { NextResponse } from 'next/server';
import { openApiDocument } from '@/lib/openapi/document';

export const dynamic = 'force-dynamic';

export function GET() {
  return NextResponse.json(openApiDocument(), { headers: { 'Cache-Control': 'public, max-age=3600' } });
}

import { MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import { MOCK_PATHS } from '@contracts/api/mock';
import type { FaultAdded, FaultInput } from '@contracts/api/mock-faults';
import { API_PATHS } from '@contracts/api/paths';
import { DEMO_USER } from './journal';

/**
 * Adds a fault through the developer tools of the server at `baseUrl` (started with
 * MOCK_CONTROL=true), signed in as the demo user; expects the 201 and answers the fault.
 */
export async function addFault(baseUrl: string, input: FaultInput): Promise<FaultAdded> {
  const login = await fetch(`${baseUrl}/api${API_PATHS.tokens}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
    body: JSON.stringify(DEMO_USER),
  });
  const { token } = (await login.json()) as { token: string };
  const answer = await fetch(`${baseUrl}${MOCK_PATHS.faults}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify(input),
  });
  expect(answer.status).toBe(201);
  return (await answer.json()) as FaultAdded;
}

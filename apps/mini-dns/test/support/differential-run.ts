import { mapConcurrently } from './concurrency';
import { DnsClient, Reply } from './dns-client';
import { Difference, compareReplies } from './difference-report';
import { PlannedQuery } from './query-plan';

export interface DifferentialResult {
  differences: Difference[];
  /** Differences an accepted-difference entry covers, counted by its id. */
  accepted: Map<string, number>;
}

type Acceptance = (query: PlannedQuery, ours: Reply, theirs: Reply) => string | undefined;

/** Sends every query to both servers at once (`inFlight` queries at a time) and compares the answers. */
export async function compareServers(
  ours: DnsClient,
  theirs: DnsClient,
  queries: PlannedQuery[],
  inFlight: number,
  acceptedBy: Acceptance = () => undefined,
): Promise<DifferentialResult> {
  const compared = await mapConcurrently(queries, inFlight, async (query) => {
    const [ourReply, theirReply] = await Promise.all([ours.ask(query), theirs.ask(query)]);
    const difference = compareReplies(query, ourReply, theirReply);
    return { difference, accepted: difference && acceptedBy(query, ourReply, theirReply) };
  });
  // In the order planned, not the order answered, so a report reads the same on every run.
  const result: DifferentialResult = { differences: [], accepted: new Map() };
  for (const { difference, accepted } of compared) {
    if (accepted) result.accepted.set(accepted, (result.accepted.get(accepted) ?? 0) + 1);
    else if (difference) result.differences.push(difference);
  }
  return result;
}

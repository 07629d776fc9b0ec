/**
 * A publish whose go-live call fails, and the take-back of its published flags that follows
 * (client/src/lib/sites/publish-flow.ts, markThenGoLive), arranged on a builder's fake server:
 * one set-up for both builders' dashboard and summary tests.
 */
import type { FakeFetch, FakeHandler, RouteKey } from '../../support/fake-fetch';

/** The two calls of a publish's last steps. */
export interface PublishCalls {
  /** The call that puts the site live: the journal's deployment, the merchant's publish record. */
  goLive: RouteKey;
  /** The save of the profile: its mark as published, then the take-back. */
  saveProfile: RouteKey;
}

/** How the go-live call fails in these set-ups. */
export const GO_LIVE_FAILURE = {
  status: 500,
  body: { errorCode: 500, errorMessage: 'Server error' },
} as const;

/**
 * The go-live call fails after `otherSave` changed the stored profile, as another operator's
 * save would: the take-back, sent with the ETag of the publish's own save, is refused (412) by
 * a fake server that checks `If-Match`.
 */
export function failGoLiveAfterOtherSave(
  server: FakeFetch,
  calls: PublishCalls,
  otherSave: () => void,
): void {
  server.on(calls.goLive, () => {
    otherSave();
    return GO_LIVE_FAILURE;
  });
}

/**
 * The go-live call fails, and so does the take-back that follows it, with `answer` (a 500 by
 * default): the profile stays published.
 */
export function failGoLiveAndTakeBack(
  server: FakeFetch,
  calls: PublishCalls,
  answer: FakeHandler = { status: 500, body: { errorCode: 99, errorMessage: 'Disk full' } },
): void {
  server.on(calls.goLive, () => {
    server.once(calls.saveProfile, answer);
    return GO_LIVE_FAILURE;
  });
}

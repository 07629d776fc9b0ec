// Browser tests start a real server and Chromium: give them room, but not forever.
jest.setTimeout(90_000);

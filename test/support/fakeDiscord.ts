// The fake Discord serves the bench too, so it lives in fixtures/ (which imports nothing from test/).
export * from '../../fixtures/fakeDiscord';

// The origin the gateway's tests configure as the local newswire (exempt from the public-host rule).
export const TEST_NEWSWIRE_ORIGIN = "http://127.0.0.1:8799";

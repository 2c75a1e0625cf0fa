/** The ids the analytics build of the tests is made with (fake: the tag's host is stubbed). */
export const TEST_ANALYTICS = { gaId: 'G-TEST123', adsId: 'AW-TEST456', conversionLabel: 'TestLabel' };

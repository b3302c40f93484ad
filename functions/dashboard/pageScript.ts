export const DASHBOARD_SCRIPT = `"use strict";`;

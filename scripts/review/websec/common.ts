/** The payloads the web-security cases send. */
export const EVIL = "https://evil.example";
export const SCRIPT = "<script>alert(1)</script>";
export const IMG = '"><img src=x onerror=alert(1)>';
export const XSS = [SCRIPT, IMG];

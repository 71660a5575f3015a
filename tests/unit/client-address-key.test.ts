import { describe, expect, it } from "vitest";
import { clientAddressKey } from "~/server/client-address-key";

describe("the key of a client address for per-address limits (decision 0040)", () => {
  it("keys an IPv6 address by its /64, whatever its spelling", () => {
    const key = "2001:0db8:0001:0002:0000:0000:0000:0000";
    for (const spelling of [
      "2001:db8:1:2::1",
      "2001:DB8:1:2:0:0:0:1",
      "2001:0db8:0001:0002:0000:0000:0000:0001",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:db8:1:2:abcd::",
      "2001:db8:1:2::5%eth0",
      "2001:db8:1:2::c000:201",
    ]) {
      expect(clientAddressKey(spelling), spelling).toBe(key);
    }
  });

  it("gives another /64 another key", () => {
    expect(clientAddressKey("2001:db8:1:3::1")).not.toBe(clientAddressKey("2001:db8:1:2::1"));
    expect(clientAddressKey("2001:db8:1:2::1")).not.toBe(clientAddressKey("2001:db9:1:2::1"));
    expect(clientAddressKey("::1")).toBe("0000:0000:0000:0000:0000:0000:0000:0000");
  });

  it("keys an IPv4-mapped IPv6 address as its IPv4 address, and IPv4 as it is", () => {
    expect(clientAddressKey("192.0.2.1")).toBe("192.0.2.1");
    expect(clientAddressKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientAddressKey("::FFFF:192.0.2.1")).toBe("192.0.2.1");
    expect(clientAddressKey("::ffff:c000:201")).toBe("192.0.2.1");
    expect(clientAddressKey("0:0:0:0:0:ffff:c000:0201")).toBe("192.0.2.1");
    expect(clientAddressKey("192.0.2.2")).not.toBe(clientAddressKey("192.0.2.1"));
  });

  it("keeps what is not an address as one bucket", () => {
    expect(clientAddressKey(null)).toBe("unknown");
    expect(clientAddressKey("unknown")).toBe("unknown");
    expect(clientAddressKey("not-an-address")).toBe("not-an-address");
  });
});

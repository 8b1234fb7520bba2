package dev.keypath.dynamodb;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether an endpoint is on this machine's loopback interface — DynamoDB Local or LocalStack on this machine, which
 * need neither a real region nor real credentials — decided from the text alone, without a name look-up:
 * {@code localhost}, a dotted IPv4 address in {@code 127.0.0.0/8}, or an IPv6 loopback address ({@code ::1} in any
 * of its spellings, or an IPv4-mapped {@code ::ffff:127.x.y.z}). Every other name is not loopback, even one that
 * resolves to it. Stateless.
 */
public final class LoopbackHost {
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    private LoopbackHost() {
    }

    /** Whether {@code endpoint}'s host is loopback; false for {@code null} or an endpoint without a host. */
    public static boolean isLoopback(URI endpoint) {
        return endpoint != null && isLoopback(endpoint.getHost());
    }

    /**
     * Whether {@code host} (a host as {@link URI#getHost()} gives it: an IPv6 address in brackets or not) is
     * loopback; false for {@code null}.
     */
    public static boolean isLoopback(String host) {
        if (host == null || host.isEmpty()) {
            return false;
        }
        if (host.equalsIgnoreCase("localhost")) {
            return true;
        }
        String literal = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        Matcher v4 = IPV4.matcher(literal);
        if (v4.matches()) {
            for (int i = 1; i <= 4; i++) {
                if (Integer.parseInt(v4.group(i)) > 255) {
                    return false;
                }
            }
            return Integer.parseInt(v4.group(1)) == 127;
        }
        if (literal.indexOf(':') < 0 || !literal.matches("[0-9A-Fa-f:.]+")) {
            return false; // a name: never looked up
        }
        try {
            // in brackets, the JDK reads the text as an IPv6 literal or refuses it; it never asks a name service
            return InetAddress.getByName("[" + literal + "]").isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}

package dev.keypath.benchmarks.readcost;

/**
 * The seven access patterns every library serves on the same data, in the order they run and print; the last two
 * write, and are undone after each run.
 */
enum AccessPattern {
    GET_USER("get user"),
    USER_AND_LATEST_POSTS("user + latest 20 posts"),
    COMMENTS_BETWEEN("a post's comments between two timestamps"),
    NEWEST_BY_TAG("20 newest posts by tag"),
    POSTS_IN_PAGES("1,000 posts, pages of 100 with tokens"),
    CREATE_POST("transaction: create a post, count it on the user"),
    DELETE_POST("delete a post with its comments and reactions");

    private final String label;

    AccessPattern(String label) {
        this.label = label;
    }

    /** The pattern as the tables print it. */
    String label() {
        return label;
    }
}

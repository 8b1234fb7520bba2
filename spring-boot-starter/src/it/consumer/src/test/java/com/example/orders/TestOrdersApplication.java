package com.example.orders;

import dev.keypath.spring.test.KeyPathDevelopmentEngine;
import org.springframework.boot.SpringApplication;

/** The application on DynamoDB Local in the JVM, for ./mvnw spring-boot:test-run (as keypath-spring's README shows). */
public class TestOrdersApplication {
    public static void main(String[] args) {
        SpringApplication.from(OrdersApplication::main).with(KeyPathDevelopmentEngine.class).run(args);
    }
}

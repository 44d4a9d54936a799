"""``hearts serve``: online tables over HTTP and WebSockets (a face: it may use third-party
libraries; the core never imports it). The wire protocol is :mod:`hearts.server.protocol`;
the JSON form of the core's views is :mod:`hearts.server.wire`."""

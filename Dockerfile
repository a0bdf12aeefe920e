# Stalin's War Online: the app server. PostgreSQL runs separately (see docker-compose.yml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies first, so code changes do not reinstall them.
COPY pyproject.toml README.md* ./
RUN mkdir -p engine app && touch engine/__init__.py app/__init__.py \
    && python -m venv /app/.venv \
    && /app/.venv/bin/pip install . \
    && /app/.venv/bin/pip uninstall -y stalins-war-online

COPY . .
RUN /app/.venv/bin/pip install --no-deps -e . \
    && useradd --system --home-dir /app --shell /usr/sbin/nologin sw \
    && mkdir -p /app/var && chown sw /app/var

USER sw
ENV PATH=/app/.venv/bin:$PATH \
    SW_HOST=0.0.0.0 \
    SW_PORT=8000
EXPOSE 8000

HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
    CMD python -c "import urllib.request,sys; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4).status == 200 else 1)"

# Applies the migrations, then serves.
CMD ["python", "-m", "app", "serve"]
